/**
 * A multipart/form-data body for `app.inject`: text fields and at most one file named `file`.
 * A file given as bytes is sent as they are (a UTF-16 `.strings`, a zip); the body is then a Buffer.
 */
export function multipartBody(
  fields: Record<string, string>,
  file: { name: string; type: string; content: Uint8Array },
): { payload: Buffer; contentType: string };
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; type: string; content: string },
): { payload: string; contentType: string };
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; type: string; content: string | Uint8Array },
): { payload: string | Buffer; contentType: string } {
  const boundary = '----bhasha-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const contentType = `multipart/form-data; boundary=${boundary}`;
  if (!file) return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType };
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`;
  if (typeof file.content === 'string')
    return { payload: `${parts.join('')}${head}${file.content}\r\n--${boundary}--\r\n`, contentType };
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('') + head, 'utf8'),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
    ]),
    contentType,
  };
}

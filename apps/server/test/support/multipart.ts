/** A multipart/form-data body for `app.inject`: text fields and at most one file named `file`. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; type: string; content: string },
): { payload: string; contentType: string } {
  const boundary = '----bhasha-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file) {
    parts.push(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n${file.content}\r\n`,
    );
  }
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

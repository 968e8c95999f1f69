// Test support of @bhasha/server for other workspaces' tests (imported as `@bhasha/server/testing`),
// never by the product.
export { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp-server';

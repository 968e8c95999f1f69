import { Flex, Spin, Typography } from 'antd';

/** A centred spinner with a caption, for startup and whole-page waits. */
export function FullPageSpinner({ caption, testId }: { caption: string; testId?: string }) {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: '100vh', padding: 24 }}
      data-testid={testId}
    >
      <Spin size="large" />
      <Typography.Text type="secondary" style={{ textAlign: 'center', maxWidth: 420 }}>
        {caption}
      </Typography.Text>
    </Flex>
  );
}

import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonProps } from 'antd';

interface TooltipButtonProps extends ButtonProps {
  /** Why the button is disabled, or what it does; nothing shows when undefined. */
  tooltip: ReactNode;
}

/**
 * A button with a tooltip that also shows while the button is disabled: a disabled button fires
 * no mouse events, so the tooltip hangs on a wrapping span.
 */
export function TooltipButton({ tooltip, ...buttonProps }: TooltipButtonProps) {
  return (
    <Tooltip title={tooltip}>
      <span>
        <Button {...buttonProps} />
      </span>
    </Tooltip>
  );
}

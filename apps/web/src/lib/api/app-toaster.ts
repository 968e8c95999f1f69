import { message } from 'antd';
import { createToaster, type ToastSink } from './toast-deduper';

let boundSink: ToastSink | null = null;

/** Binds the themed message API of antd's `<App>` (falls back to the static API until then). */
export function bindToastSink(sink: ToastSink | null): void {
  boundSink = sink;
}

/** The dashboard's one toaster: de-duplicated antd messages. */
export const appToaster = createToaster(() => boundSink ?? message);

import { useEffect } from 'react';
import { App as AntdApp } from 'antd';
import { bindToastSink } from '../lib/api/app-toaster';

/** Hands the themed antd message API to the API client's toaster. */
export function ToastBinder() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    bindToastSink(message);
    return () => bindToastSink(null);
  }, [message]);
  return null;
}

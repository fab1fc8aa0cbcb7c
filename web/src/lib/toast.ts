import { toast } from 'react-toastify';

/** Toasts go through here so every feature shows them the same way. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message, { toastId: message }),
  info: (message: string) => toast.info(message),
};

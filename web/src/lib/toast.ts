import { toast } from 'sonner';

type NotifyOptions = { id?: string; description?: string };

/** spec §8: the four toast severities. Placement and the 6000 ms auto-hide live on the <Toaster>. */
export const notify = {
  success: (message: string, options?: NotifyOptions) => toast.success(message, options),
  info: (message: string, options?: NotifyOptions) => toast.info(message, options),
  warning: (message: string, options?: NotifyOptions) => toast.warning(message, options),
  error: (message: string, options?: NotifyOptions) => toast.error(message, options),
};

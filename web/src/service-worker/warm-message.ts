/** The page tells a newly installed worker what it loaded before the worker controlled it. */
export type WarmMessage = { type: 'tablo:warm'; page: string; urls: string[] };

export function isWarmMessage(data: unknown): data is WarmMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<WarmMessage>;
  return (
    message.type === 'tablo:warm' &&
    typeof message.page === 'string' &&
    Array.isArray(message.urls) &&
    message.urls.every((url) => typeof url === 'string')
  );
}

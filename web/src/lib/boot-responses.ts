import { BOOT_RESPONSES_GLOBAL } from '@tablo/contract/config-names';

/**
 * On a restaurant's menu page the server's boot loader asks for the restaurant and menu answers together
 * with the scripts (server: modules/web-app/boot-loader.ts), exactly as the api client would. The api client
 * takes such an answer once, for the first GET of the same address; every later request goes to the network.
 */

type BootWindow = typeof globalThis & { [BOOT_RESPONSES_GLOBAL]?: Record<string, Promise<Response>> };

export function takeBootResponse(url: string): Promise<Response> | undefined {
  const responses = (globalThis as BootWindow)[BOOT_RESPONSES_GLOBAL];
  const response = responses?.[url];
  if (response) delete responses[url];
  return response;
}

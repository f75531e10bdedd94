import {
  type MenuDraft,
  MenuDraftSchema,
  MenuEditorConflictSchema,
  MenuVersionsSchema,
  menuEditorPaths,
} from '@tablo/contract/menu-editor';
import { MenuFileSchema } from '@tablo/contract/menu-import';
import { API_BASE } from '@tablo/contract/paths';
import { CSRF_HEADER } from '@tablo/contract/staff';
import type { z } from 'zod';

/** A refused save: the server's message (a list joined), and on a 409 the thing as it is now. */
export type EditorFailure = {
  ok: false;
  status: number;
  message: string;
  conflict?: { version: number; current: unknown };
};
export type EditorResult<T> = { ok: true; data: T } | EditorFailure;

export const draftQueryKey = ['staff', 'menu-editor', 'draft'] as const;
export const versionsQueryKey = ['staff', 'menu-editor', 'versions'] as const;

/**
 * The editor's calls (staff routes, decision 062). Not lib/api-client.ts: a 409 carries `current` and
 * `version` beside the one error shape, and the picture goes as multipart — both would be lost there.
 */
async function call<T>(
  path: string,
  schema: z.ZodType<T>,
  init: { method?: string; body?: unknown; form?: FormData; csrf?: string; signal?: AbortSignal } = {},
): Promise<EditorResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.csrf) headers[CSRF_HEADER] = init.csrf;
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? 'GET',
      headers,
      credentials: 'include',
      cache: 'no-store',
      ...(body === undefined ? {} : { body }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return { ok: false, status: 0, message: error instanceof Error ? error.message : String(error) };
  }
  const value: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const conflict = response.status === 409 ? MenuEditorConflictSchema.safeParse(value) : undefined;
    return {
      ok: false,
      status: response.status,
      message: errorText(value, response.status),
      ...(conflict?.success
        ? { conflict: { version: conflict.data.version, current: conflict.data.current } }
        : {}),
    };
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) return { ok: false, status: response.status, message: 'Invalid response from server' };
  return { ok: true, data: parsed.data };
}

/** spec §8: the message, a list joined with ", ". */
function errorText(value: unknown, status: number): string {
  const message = (value as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string' && message !== '') return message;
  if (Array.isArray(message) && message.every((m) => typeof m === 'string')) return message.join(', ');
  return `[${status}]: an unknown error occured :'(`;
}

export function createMenuEditorApi(csrf: string) {
  const write = (path: string, method: string, body: unknown) =>
    call(path, MenuDraftSchema, { method, body, csrf });
  return {
    draft: (signal?: AbortSignal) => call(menuEditorPaths.draft(), MenuDraftSchema, signal ? { signal } : {}),
    versions: (signal?: AbortSignal) =>
      call(menuEditorPaths.versions(), MenuVersionsSchema, signal ? { signal } : {}),
    discard: () => call(menuEditorPaths.draft(), MenuDraftSchema, { method: 'DELETE', csrf }),
    createCategory: (body: unknown) => write(menuEditorPaths.categories(), 'POST', body),
    saveCategory: (ref: string, body: unknown) => write(menuEditorPaths.category(ref), 'PUT', body),
    archiveCategory: (ref: string, baseVersion: number, archived: boolean) =>
      write(menuEditorPaths.categoryArchive(ref), 'PUT', { baseVersion, archived }),
    createItem: (body: unknown) => write(menuEditorPaths.items(), 'POST', body),
    saveItem: (ref: string, body: unknown) => write(menuEditorPaths.item(ref), 'PUT', body),
    archiveItem: (ref: string, baseVersion: number, archived: boolean) =>
      write(menuEditorPaths.itemArchive(ref), 'PUT', { baseVersion, archived }),
    createOptionGroup: (body: unknown) => write(menuEditorPaths.optionGroups(), 'POST', body),
    saveOptionGroup: (ref: string, body: unknown) => write(menuEditorPaths.optionGroup(ref), 'PUT', body),
    reorder: (body: unknown) => write(menuEditorPaths.order(), 'PUT', body),
    importFile: (baseVersion: number, file: string) =>
      write(menuEditorPaths.import(), 'POST', { baseVersion, file }),
    exportFile: () => call(menuEditorPaths.export(), MenuFileSchema),
    uploadPicture: (ref: string, baseVersion: number, picture: File) => {
      const form = new FormData();
      form.append('picture', picture);
      return call(menuEditorPaths.itemPicture(ref, baseVersion), MenuDraftSchema, {
        method: 'POST',
        form,
        csrf,
      });
    },
    publish: (baseVersion: number) => write(menuEditorPaths.publish(), 'POST', { baseVersion }),
    restore: (number: number) => write(menuEditorPaths.restore(number), 'POST', {}),
  };
}
export type MenuEditorApi = ReturnType<typeof createMenuEditorApi>;
export type { MenuDraft };

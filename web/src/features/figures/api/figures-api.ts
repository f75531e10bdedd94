import { type Figures, FiguresSchema, figuresPaths } from '@tablo/contract/figures';
import { API_BASE } from '@tablo/contract/paths';
import { type ApiResult, apiRequest } from '../../../lib/api-client.ts';

export const figuresQueryKey = ['staff-figures'] as const;

/** A business day or a range of them; null asks for today's business day (the server's clock decides). */
export type FiguresRange = { from: string; to: string } | null;

export function readFigures(range: FiguresRange, signal?: AbortSignal): Promise<ApiResult<Figures>> {
  return apiRequest(figuresPaths.figures(range ?? undefined), {
    schema: FiguresSchema,
    headers: {},
    ...(signal ? { signal } : {}),
  });
}

/** The CSV's address: a plain link downloads it (the server names the file; the cookie signs it in). */
export function figuresCsvHref(range: { from: string; to: string }, language: string): string {
  return `${API_BASE}${figuresPaths.csv(range, language)}`;
}

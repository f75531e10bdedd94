import { describe, expect, it } from 'vitest';
import { strategyFor } from './cache-rules.ts';

const ORIGIN = 'https://tablo.example';
const get = (path: string, extra: { mode?: string; destination?: string } = {}) =>
  strategyFor({ method: 'GET', url: `${ORIGIN}${path}`, ...extra }, ORIGIN);
const page = (path: string) => get(path, { mode: 'navigate' });

describe('what the service worker keeps (decision record 025)', () => {
  it('keeps the diner pages, network first', () => {
    for (const path of ['/', '/hu', '/en/', '/menu/demo/en', '/order/demo/7/en', '/table/demo/7/hu']) {
      expect(page(path), path).toBe('page');
    }
    expect(page('/terms-and-conditions/demo/7/en')).toBe('page');
  });

  it('never answers pages that must be live: staff console, payments, receipts', () => {
    for (const path of [
      '/staff',
      '/staff/board',
      '/payment/demo/7/en',
      '/payment-success/demo/7/en?payment=x',
      '/receipt/demo/7/en?payment=x',
      '/api/docs',
    ]) {
      expect(page(path), path).toBeNull();
    }
  });

  it('keeps only the restaurant and menu answers of the API', () => {
    expect(get('/api/restaurant/one/demo')).toBe('data');
    expect(get('/api/menu/current/demo')).toBe('data');
    for (const path of [
      '/api/order/uuid',
      '/api/tables/7/orders',
      '/api/tables/7/calls',
      '/api/menu-item-ratings/demo',
      '/api/staff/board',
      '/api/payments/abc',
      '/api/menu/current/demo/extra',
    ]) {
      expect(get(path), path).toBeNull();
    }
  });

  it('never answers a POST or another origin', () => {
    expect(strategyFor({ method: 'POST', url: `${ORIGIN}/api/orders` }, ORIGIN)).toBeNull();
    expect(strategyFor({ method: 'POST', url: `${ORIGIN}/api/menu/current/demo` }, ORIGIN)).toBeNull();
    expect(
      strategyFor({ method: 'GET', url: 'https://cdn.example/a.webp', destination: 'image' }, ORIGIN),
    ).toBeNull();
  });

  it('keeps code, texts and pictures cache first', () => {
    expect(get('/assets/react-abc123.js')).toBe('build');
    expect(get('/assets/index-abc.css')).toBe('build');
    expect(get('/locales/hu/menu.json')).toBe('build');
    expect(get('/images/menu/gulyas.webp', { destination: 'image' })).toBe('image');
    expect(get('/images/demo/hero.jpg')).toBe('image');
    expect(get('/favicon.svg')).toBe('image');
  });
});

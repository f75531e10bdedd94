import { escapeHtml } from '../../lib/html-escape.ts';
/**
 * The sandbox provider's hosted checkout page: server-rendered, no script (the CSP allows none inline),
 * a plain form whose three buttons post the decision with the page's signed token.
 */
export interface SandboxPageModel {
  paymentId: string;
  merchant: string;
  tableNumber: number;
  amount: number;
  tip: number;
  currency: string;
  token: string;
  lang: string;
  /** Set when the payment is no longer waiting: the page says so and links to the result. */
  finished: { status: string; resultUrl: string } | null;
}

// Grouped even with four digits ("1 005 Ft"), as the app's prices are; hu-HU's Intl default leaves them bare.
const AMOUNT = new Intl.NumberFormat('hu-HU', { useGrouping: 'always' });

function money(amount: number, currency: string): string {
  return `${AMOUNT.format(amount)} ${currency === 'HUF' ? 'Ft' : currency}`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:#eef1f6;color:#1a1f36;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;width:min(420px,94vw);border-radius:12px;box-shadow:0 8px 30px rgba(26,31,54,.12);overflow:hidden}
header{background:#2d2a6e;color:#fff;padding:18px 24px;display:flex;justify-content:space-between;align-items:center}
header strong{font-size:1.05rem;letter-spacing:.02em}.badge{font-size:.75rem;background:#f5b82e;color:#1a1f36;
padding:3px 8px;border-radius:999px;font-weight:700}section{padding:24px}.merchant{color:#5b6478;margin:0 0 4px}
.amount{font-size:2rem;font-weight:700;margin:0 0 16px}dl{display:grid;grid-template-columns:1fr auto;gap:6px 12px;
margin:0 0 20px;color:#3c4257}dd{margin:0;text-align:right}.card{border:1px solid #d5dae3;border-radius:8px;
padding:12px 14px;margin-bottom:20px;color:#5b6478;font-family:ui-monospace,monospace}form{display:grid;gap:10px}
button{font:inherit;font-size:1rem;padding:12px;border-radius:8px;border:1px solid transparent;cursor:pointer}
button:focus-visible{outline:3px solid #f5b82e;outline-offset:2px}.approve{background:#2d2a6e;color:#fff}
.decline{background:#fff;color:#b42318;border-color:#b42318}.cancel{background:#fff;color:#3c4257;border-color:#d5dae3}
footer{padding:12px 24px;font-size:.8rem;color:#5b6478;border-top:1px solid #eef1f6}a{color:#2d2a6e}`;

function layout(title: string, lang: string, body: string): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>
<header><strong>Sandbox Pay</strong><span class="badge">TEST MODE</span></header>${body}
<footer>A test checkout of Tablo: no card is charged and no money moves.</footer></main></body></html>`;
}

export function renderCheckoutPage(model: SandboxPageModel): string {
  const total = model.amount + model.tip;
  const summary = `<p class="merchant">${escapeHtml(model.merchant)} · table ${model.tableNumber}</p>
<p class="amount">${money(total, model.currency)}</p>
<dl><dt>Amount</dt><dd>${money(model.amount, model.currency)}</dd><dt>Tip</dt><dd>${money(model.tip, model.currency)}</dd></dl>`;
  if (model.finished) {
    return layout(
      'Sandbox Pay',
      model.lang,
      `<section>${summary}<p role="status">This payment is ${escapeHtml(model.finished.status.toLowerCase())}.</p>
<p><a href="${escapeHtml(model.finished.resultUrl)}">Back to the restaurant</a></p></section>`,
    );
  }
  return layout(
    `Pay ${money(total, model.currency)} — Sandbox Pay`,
    model.lang,
    `<section>${summary}<div class="card" aria-label="Test card">•••• •••• •••• 4242 · 12/34</div>
<form method="post" action="/sandbox-checkout/${encodeURIComponent(model.paymentId)}">
<input type="hidden" name="token" value="${escapeHtml(model.token)}">
<input type="hidden" name="lang" value="${escapeHtml(model.lang)}">
<button class="approve" type="submit" name="action" value="approve">Approve payment</button>
<button class="decline" type="submit" name="action" value="decline">Decline</button>
<button class="cancel" type="submit" name="action" value="cancel">Cancel and go back</button>
</form></section>`,
  );
}

export function renderMessagePage(message: string, lang = 'en'): string {
  return layout('Sandbox Pay', lang, `<section><p role="alert">${escapeHtml(message)}</p></section>`);
}

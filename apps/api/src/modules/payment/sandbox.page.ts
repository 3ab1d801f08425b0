// The sandbox provider's hosted payment page: plain HTML in Russian, no scripts, two buttons posting back.

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const layout = (body: string) => `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Оплата заказа — тестовая платёжная страница</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#f3f5f8;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:32px;max-width:420px;width:100%;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 8px}.sum{font-size:28px;font-weight:700;margin:16px 0}.note{color:#667;font-size:14px}
form{display:inline}button{font:inherit;padding:10px 20px;border-radius:8px;border:0;cursor:pointer;margin:8px 8px 0 0}
.pay{background:#1f5fbf;color:#fff}.cancel{background:#e6e9ee;color:#222}</style></head>
<body><main>${body}</main></body></html>`;

export function sandboxPage(p: {
  number: string;
  amount: string;
  action: string;
  open: boolean;
  message: string;
  backUrl: string;
}): string {
  if (!p.open) {
    return layout(`<h1>Заказ №${escape(p.number)}</h1><p>${escape(p.message)}</p>
<p><a href="${escape(p.backUrl)}">Вернуться в магазин</a></p>`);
  }
  return layout(`<h1>Оплата заказа №${escape(p.number)}</h1>
<p class="note">Тестовая платёжная страница: деньги не списываются.</p>
<div class="sum">${escape(p.amount)}</div>
<form method="post" action="${escape(p.action)}"><input type="hidden" name="action" value="pay"><button class="pay" type="submit">Оплатить</button></form>
<form method="post" action="${escape(p.action)}"><input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">Отменить</button></form>`);
}

import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from './sanitize';

describe('sanitizePageHtml', () => {
  it('keeps formatting, lists, tables and safe links', () => {
    const html =
      '<h2>Сроки</h2><p><strong>Быстро</strong> и <a href="/pages/oplata">удобно</a></p><ul><li>раз</li></ul><table><tr><td>1</td></tr></table>';
    expect(sanitizePageHtml(html)).toBe(html);
  });

  it('drops scripts, styles, handlers and dangerous URLs', () => {
    const out = sanitizePageHtml(
      '<p onclick="x()">a<script>alert(1)</script><style>p{}</style><iframe src="//evil"></iframe><a href="javascript:alert(1)">b</a><img src="data:image/png;base64,AA" onerror="x()"></p>',
    );
    expect(out).not.toMatch(/script|style|iframe|onclick|onerror|javascript:|data:/i);
    expect(out).toContain('<p>a');
  });

  it('opens external links in a new tab safely and demotes h1', () => {
    expect(sanitizePageHtml('<h1>T</h1><a href="https://vk.com/x">vk</a>')).toBe(
      '<h2>T</h2><a href="https://vk.com/x" target="_blank" rel="noopener noreferrer">vk</a>',
    );
  });
});

describe('sanitizePageHtml images', () => {
  it("keeps the shop's own images and drops other sites', data: and script ones", () => {
    const out = sanitizePageHtml(
      '<p><img src="/media/products/1.png" alt="a"><img src="https://tracker.example/p.gif" alt="b"><img src="//evil.example/x.png" alt="c"><img src="/\\evil.example/x.png" alt="d"><img src="data:image/png;base64,AA" alt="e"><img src="javascript:alert(1)" alt="f"><img alt="g"></p>',
    );
    expect(out).toBe('<p><img src="/media/products/1.png" alt="a" loading="lazy" /></p>');
  });

  it('refuses the markup tricks staff text could carry', () => {
    const out = sanitizePageHtml(
      '<a href="jav&#x09;ascript:alert(1)">x</a><svg><script>alert(1)</script></svg><math><mi xlink:href="javascript:alert(1)">y</mi></math><form action="/x"><input name="q"></form><a href="/ok" style="color:red" onmouseover="x()">ok</a>',
    );
    expect(out).not.toMatch(/javascript|script|svg|math|form|input|style=|onmouseover/i);
    expect(out).toContain('<a href="/ok">ok</a>');
  });
});

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

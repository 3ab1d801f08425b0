'use client';

/** Last resort when the frame itself fails: no layout, no shared CSS, so everything is inline. */
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="ru">
      <body
        style={{
          margin: 0,
          fontFamily: 'system-ui, Arial, sans-serif',
          background: '#f3f5f8',
          color: '#0f172a',
        }}
      >
        <main style={{ maxWidth: 560, margin: '15vh auto', padding: 24, textAlign: 'center' }}>
          <h1 style={{ fontSize: 28 }}>Магазин временно недоступен</h1>
          <p style={{ color: '#526074' }}>Мы уже чиним. Попробуйте обновить страницу через минуту.</p>
          <button
            type="button"
            onClick={reset}
            style={{
              marginTop: 16,
              padding: '12px 24px',
              border: 0,
              borderRadius: 10,
              background: '#1d4ed8',
              color: '#fff',
              fontSize: 16,
            }}
          >
            Обновить
          </button>
        </main>
      </body>
    </html>
  );
}

import Script from 'next/script';

/**
 * Yandex Metrika (metric_id) and Google Analytics (gaId) from the showcase (validated by analyticsIds), each
 * loaded only when set and only after the page is idle, so they never compete with the page for the network.
 * The inline snippets carry the page's CSP nonce; the counters' own scripts are admitted by 'strict-dynamic'.
 */
export function Analytics({
  metricId: ym,
  gaId: ga,
  nonce,
}: {
  metricId: number | null;
  gaId: string | null;
  nonce: string | undefined;
}) {
  return (
    <>
      {ym ? (
        <Script id="yandex-metrika" strategy="lazyOnload" nonce={nonce}>
          {`window.__podborMetricId=${ym};(function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};m[i].l=1*new Date();k=e.createElement(t),a=e.getElementsByTagName(t)[0],k.async=1,k.src=r,a.parentNode.insertBefore(k,a)})(window,document,"script","https://mc.yandex.ru/metrika/tag.js","ym");ym(${ym},"init",{clickmap:true,trackLinks:true,accurateTrackBounce:true});`}
        </Script>
      ) : null}
      {ga ? (
        <>
          <Script
            id="ga-loader"
            src={`https://www.googletagmanager.com/gtag/js?id=${ga}`}
            strategy="lazyOnload"
            nonce={nonce}
          />
          <Script id="ga-init" strategy="lazyOnload" nonce={nonce}>
            {`window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag('js',new Date());gtag('config','${ga}');`}
          </Script>
        </>
      ) : null}
    </>
  );
}

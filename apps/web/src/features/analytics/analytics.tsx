import Script from 'next/script';

/** A GA id as Google issues them (G-XXXX, UA-XXXX-Y); anything else is not put into a script. */
const GA_ID = /^(?:G|UA|GT|AW)-[A-Z0-9-]{4,30}$/i;

/**
 * Yandex Metrika (metric_id) and Google Analytics (gaId) from the showcase, each loaded only when set and
 * only after the page is idle, so they never compete with the page for the network.
 */
export function Analytics({ metricId, gaId }: { metricId: number | null; gaId: string }) {
  const ga = GA_ID.test(gaId) ? gaId : null;
  const ym = metricId && Number.isSafeInteger(metricId) && metricId > 0 ? metricId : null;
  return (
    <>
      {ym ? (
        <Script id="yandex-metrika" strategy="lazyOnload">
          {`window.__podborMetricId=${ym};(function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};m[i].l=1*new Date();k=e.createElement(t),a=e.getElementsByTagName(t)[0],k.async=1,k.src=r,a.parentNode.insertBefore(k,a)})(window,document,"script","https://mc.yandex.ru/metrika/tag.js","ym");ym(${ym},"init",{clickmap:true,trackLinks:true,accurateTrackBounce:true});`}
        </Script>
      ) : null}
      {ga ? (
        <>
          <Script
            id="ga-loader"
            src={`https://www.googletagmanager.com/gtag/js?id=${ga}`}
            strategy="lazyOnload"
          />
          <Script id="ga-init" strategy="lazyOnload">
            {`window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag('js',new Date());gtag('config','${ga}');`}
          </Script>
        </>
      ) : null}
    </>
  );
}

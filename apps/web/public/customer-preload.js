// The customer pages' first request for data, made as soon as the HTML is read rather than once React has
// downloaded: the join page's branding, which src/customer/public-api.ts then takes from the preload cache.
// customer.html loads this tiny classic script with `async`; the block leaves no globals.
// The /join/<slug> page the API paints carries the branding already and leaves this script out.
{
  const page = /^\/(?:join|card)\/([A-Za-z0-9-]{1,64})\/?$/.exec(location.pathname);
  if (page) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = `/api/public/join/${page[1]}`;
    document.head.appendChild(link);
  }
}

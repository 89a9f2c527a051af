// Catalogue parts compiled by build/lingui-catalog.ts.
declare module '*?lingui=public' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}
declare module '*?lingui=workspace' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}

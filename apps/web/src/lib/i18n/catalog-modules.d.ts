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
declare module '*?lingui=customer' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}
declare module '*?lingui=shell' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}
// Each locale's screen parts by screen id (build/screen-texts.ts); none on the dev server and in the tests.
declare module 'virtual:lingui-screens' {
  import type { Messages } from '@lingui/core';

  const loaders: Record<string, Record<string, () => Promise<{ default: Messages }>>>;
  export default loaders;
}

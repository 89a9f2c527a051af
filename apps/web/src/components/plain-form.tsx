import type * as React from 'react';

/**
 * A form the screen checks and sends itself: no browser validation bubbles (the screen shows its own
 * messages, alike in every browser) and no page load on submit; `onSubmit` gets no event.
 */
export function PlainForm({
  onSubmit,
  ...form
}: Omit<React.ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & { onSubmit: () => void }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      {...form}
    />
  );
}

import * as React from 'react';
import { NextSetupStep } from '@/components/next-setup-step';
import { SettingsScreen } from '@/components/settings-screen';
import { useEnrolment } from './api/enrolment';
import { EnrolmentForm } from './components/enrolment-form';
import { JoinLinkCard } from './components/join-link-card';

/** Customer enrolment (docs/design.md §8): the join page's settings, its link and QR poster. Owner and admin only. */
export function EnrolmentPage() {
  // Held here: the form starts afresh after a save (its key), the way to the next step stays.
  const [saved, setSaved] = React.useState(false);
  return (
    <SettingsScreen
      texts="enrolment"
      // The API answers only owners and admins; staff never reach a form to be read-only in.
      canWrite
      query={useEnrolment()}
    >
      {(data) =>
        data && (
          <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
            {/* Keyed on the saved record: after a save the form starts from what the server holds. */}
            <div className="grid gap-6">
              <EnrolmentForm key={JSON.stringify(data)} initial={data} onSaved={() => setSaved(true)} />
              <NextSetupStep step="join" saved={saved} />
            </div>
            <JoinLinkCard joinUrl={data.joinUrl} enabled={data.enabled} />
          </div>
        )
      }
    </SettingsScreen>
  );
}

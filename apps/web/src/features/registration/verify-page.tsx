import * as React from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-context';
import { RegistrationPlaceholder } from './registration-placeholder';

export function VerifyPage() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = React.useState(false);

  // A user whose phone is pending has nowhere else to go yet, so offer a way out.
  const onLogout = async () => {
    setLeaving(true);
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <RegistrationPlaceholder title="Phone verification" description="Verify your phone number to activate your account">
      <p className="text-muted-foreground text-sm">Phone verification is not available yet.</p>
      {user ? (
        <Button variant="outline" disabled={leaving} onClick={onLogout}>
          Logout
        </Button>
      ) : (
        <Button variant="outline" onClick={() => navigate('/login')}>
          Back to sign in
        </Button>
      )}
    </RegistrationPlaceholder>
  );
}

import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { RegistrationPlaceholder } from './registration-placeholder';

export function RegisterPage() {
  return (
    <RegistrationPlaceholder
      title="Business registration"
      description="Create your account to start managing memberships"
    >
      <p className="text-muted-foreground text-sm">Registering a new business is not available yet.</p>
      <Button variant="outline" asChild>
        <Link to="/login">Back to sign in</Link>
      </Button>
    </RegistrationPlaceholder>
  );
}

import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 py-16 text-center">
      <p className="font-bold text-6xl tracking-tight">404</p>
      <h1 className="font-semibold text-xl">Page not found</h1>
      <p className="text-muted-foreground text-sm">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Back to Dashboard</Link>
      </Button>
    </div>
  );
}

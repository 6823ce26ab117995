import { AppLayout } from '@/components/layouts/app-layout';
import { ProtectedRoute } from '@/lib/auth';

export default function AppRoot() {
  return (
    <ProtectedRoute>
      <AppLayout />
    </ProtectedRoute>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { PostEditScreen } from '../../../../features/blog/components/post-editor';

export const Route = createFileRoute('/admin/_authed/blog/new')({
  head: () => adminHead('New post'),
  component: NewPostRoute,
});

function NewPostRoute() {
  const navigate = Route.useNavigate();
  return <PostEditScreen id={null} onDone={() => void navigate({ to: '/admin/blog' })} />;
}

import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../../lib/back-office';
import { PostEditScreen } from '../../../../../features/blog/components/post-editor';

export const Route = createFileRoute('/admin/_authed/blog/edit/$id')({
  head: () => adminHead('Edit post'),
  component: EditPostRoute,
});

function EditPostRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  const done = useCallback(() => void navigate({ to: '/admin/blog' }), [navigate]);
  return <PostEditScreen id={id} onDone={done} />;
}

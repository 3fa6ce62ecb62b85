import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

/**
 * The frame of the pages a mailed link opens (unsubscribe, price alert confirmation, and what
 * follows each): an icon and a title over the page's few lines, centred.
 */
export function SignedLinkCard({
  icon: Icon,
  title,
  children,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12">
      <Card>
        <CardHeader className="gap-3">
          <Icon aria-hidden="true" className="size-8 text-primary" />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        </CardHeader>
        <CardContent className="grid gap-6">{children}</CardContent>
      </Card>
    </div>
  );
}

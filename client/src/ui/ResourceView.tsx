// A fetched resource in its three looks: a skeleton while it loads, a red alert in the page's words when
// it failed, and what `children` makes of its data once it came.
import { Alert, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Resource } from '../data/useResource.ts';

interface ResourceViewProps<T> {
  resource: Resource<T>;
  skeletonHeight: number;
  errorText: string;
  children: (data: T) => ReactNode;
}

export function ResourceView<T>({ resource, skeletonHeight, errorText, children }: ResourceViewProps<T>) {
  if (resource.status === 'loading') return <Skeleton height={skeletonHeight} />;
  if (resource.status === 'error') {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText}
      </Alert>
    );
  }
  return children(resource.data);
}

/**
 * The back office's blog calls (api/blog/contracts.ts): the list (one page, searched and
 * filtered on the server), one post, its revisions, and the commands (create, update,
 * publish, unpublish, delete, a signed preview link).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommandResult } from '../../../../api/contracts/http';
import {
  BLOG_PATHS,
  adminPostPath,
  type AdminPostListView,
  type AdminPostStatusFilter,
  type AdminPostView,
  type PostBody,
  type PostRevisionView,
  type PreviewLinkView,
  type UpdatePostBody,
} from '../../../../api/blog/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce, useAdminCommand } from '../../../lib/back-office';

export interface AdminBlogSearch {
  q?: string;
  status?: Exclude<AdminPostStatusFilter, 'all'>;
  page?: number;
  pageSize?: number;
}

function queryString(params: AdminBlogSearch): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

export const adminBlogPageQuery = (params: AdminBlogSearch) =>
  queryOptions({
    queryKey: ['admin', 'blog', 'page', params] as const,
    queryFn: ({ signal }) =>
      request<AdminPostListView>('GET', `${BLOG_PATHS.adminPosts}?${queryString(params)}`, {
        signal,
      }),
    retry: retryOnce,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminBlogPage(params: AdminBlogSearch) {
  return useQuery(adminBlogPageQuery(params));
}

export const adminPostQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'blog', 'one', id] as const,
    queryFn: ({ signal }) =>
      request<AdminPostView>('GET', adminPostPath(BLOG_PATHS.adminPost, id), { signal }),
    retry: retryOnce,
    staleTime: 0,
  });

export function useAdminPost(id: string) {
  return useQuery(adminPostQuery(id));
}

export const postRevisionsQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'blog', 'revisions', id] as const,
    queryFn: ({ signal }) =>
      request<PostRevisionView[]>('GET', adminPostPath(BLOG_PATHS.adminRevisions, id), {
        signal,
      }),
    retry: retryOnce,
    staleTime: 0,
  });

export function usePostRevisions(id: string) {
  return useQuery(postRevisionsQuery(id));
}

export type SavePostInput =
  { kind: 'create'; body: PostBody } | { kind: 'update'; id: string; body: UpdatePostBody };

export function savePost(input: SavePostInput, csrfToken?: string | null) {
  return input.kind === 'create'
    ? request<CommandResult>('POST', BLOG_PATHS.adminPosts, { body: input.body, csrfToken })
    : request<CommandResult>('PUT', adminPostPath(BLOG_PATHS.adminPost, input.id), {
        body: input.body,
        csrfToken,
      });
}

export function useSavePost() {
  return useAdminCommand(savePost);
}

export function setPostPublished(
  { id, publish }: { id: string; publish: boolean },
  csrfToken?: string | null,
) {
  const path = publish ? BLOG_PATHS.adminPublish : BLOG_PATHS.adminUnpublish;
  return request<CommandResult>('POST', adminPostPath(path, id), { csrfToken });
}

export function useSetPostPublished() {
  return useAdminCommand(setPostPublished);
}

export function deletePost({ id, slug }: { id: string; slug: string }, csrfToken?: string | null) {
  return request<CommandResult>(
    'DELETE',
    `${adminPostPath(BLOG_PATHS.adminPost, id)}?slug=${encodeURIComponent(slug)}`,
    { csrfToken },
  );
}

export function useDeletePost() {
  return useAdminCommand(deletePost);
}

export function createPreviewLink(id: string, csrfToken?: string | null) {
  return request<PreviewLinkView>('POST', adminPostPath(BLOG_PATHS.adminPreviewLink, id), {
    csrfToken,
  });
}

export function usePreviewLink() {
  return useAdminCommand(createPreviewLink);
}

import { useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { Post } from '@mdis/shared';
import { errorMessage } from '../../../platform/api/ApiError';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { postKeys, postsApi } from '../posts.api';
import { PostEditDialog } from './PostEditDialog';
import { EmptyState } from '../../../ui/EmptyState';
import { useMayWrite } from './useMayWrite';

/** Spec 2 §9: the posts list is 300 px high. */
export const POSTS_LIST_HEIGHT = 300;
export const DELETE_CONFIRMATION = 'This action cannot be reverted. Are you sure?';

const postedAt = (seconds: number) => new Date(seconds * 1000).toLocaleString();

function usePosts() {
  return useInfiniteQuery({
    queryKey: postKeys.pages(),
    queryFn: ({ pageParam }) => postsApi.page(pageParam),
    initialPageParam: 1,
    getNextPageParam: ({ _meta }) => (_meta.currentPage < _meta.pageCount ? _meta.currentPage + 1 : undefined),
  });
}

interface PostListProps {
  posts: ReturnType<typeof usePosts>;
  /** The composer is shown: the empty list points at it. */
  mayWrite: boolean;
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}

/** The loaded pages, newest first, in a 300 px box; 'Load Older' while pages are left. */
function PostList({ posts, mayWrite, onEdit, onDelete }: PostListProps) {
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box sx={{ height: POSTS_LIST_HEIGHT, overflowY: 'auto' }} data-testid="posts-list">
      {posts.isError && <Typography color="error">{errorMessage(posts.error)}</Typography>}
      {posts.isSuccess && items.length === 0 && (
        <EmptyState inline title="No posts yet.">
          {mayWrite ? 'Write the first one in the box below; everyone signed in will see it here.' : undefined}
        </EmptyState>
      )}
      <List dense aria-label="posts">
        {items.map((post) => (
          <ListItem
            key={post.id}
            divider
            sx={{ pr: post.canEdit ? 11 : 2 }}
            secondaryAction={
              post.canEdit && (
                <>
                  <IconButton aria-label={`edit post ${String(post.id)}`} onClick={() => onEdit(post)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`delete post ${String(post.id)}`} onClick={() => onDelete(post)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              )
            }
          >
            <ListItemText
              primary={post.text}
              secondary={`${post.author} · ${postedAt(post.created_at)}`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-line' } } }}
            />
          </ListItem>
        ))}
      </List>
      {posts.hasNextPage && (
        <Button fullWidth disabled={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
          Load Older
        </Button>
      )}
    </Box>
  );
}

function PostComposer({
  text,
  onChange,
  onPost,
}: {
  text: string;
  onChange: (text: string) => void;
  onPost: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start">
      <TextField
        label="Write a post"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        multiline
        maxRows={4}
        sx={{ flexGrow: 1 }}
      />
      <Button variant="contained" disabled={text.trim() === ''} onClick={onPost}>
        Post
      </Button>
    </Stack>
  );
}

/** Posts of the project, newest first, 5 at a time ('Load Older'); write, edit and delete. */
export function PostBoxWidget() {
  const queryClient = useQueryClient();
  const { warn } = useNotifications();
  const posts = usePosts();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: postKeys.all });
  const act = async (call: () => Promise<unknown>) => {
    try {
      await call();
      await reload();
      return true;
    } catch (error) {
      warn(errorMessage(error));
      return false;
    }
  };
  const handlePost = async () => {
    if (await act(() => postsApi.create(text))) setText('');
  };
  const mayWrite = useMayWrite();

  return (
    <Stack spacing={1}>
      <PostList posts={posts} mayWrite={mayWrite} onEdit={setEditing} onDelete={setDeleting} />
      {mayWrite && <PostComposer text={text} onChange={setText} onPost={() => void handlePost()} />}
      {editing && (
        <PostEditDialog
          post={editing}
          onClose={() => setEditing(null)}
          onSave={async (next) => {
            if (await act(() => postsApi.update(editing.id, next))) setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete a Post"
        message={DELETE_CONFIRMATION}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const post = deleting;
          setDeleting(null);
          if (post) void act(() => postsApi.remove(post.id));
        }}
      />
    </Stack>
  );
}

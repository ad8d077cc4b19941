import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import BookmarkAddedRounded from '@mui/icons-material/BookmarkAddedRounded';
import { hasSearchCriteria, type SaveSearchDto } from '@souvenir/contracts';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { asApiError } from '../../../api/api';
import { useAppDispatch } from '../../../app/hooks';
import { useToast } from '../../../hooks/useToast';
import { openAuthDialog } from '../../auth/authDialogSlice';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { isImpossibleRange, type HomeFilters } from '../../catalog/hooks/useHomeFilters';
import { useSaveSearchMutation } from '../savedSearchesApi';

/** The part of Home's filters a saved search keeps: its words, country, price range, categories and condition. */
export function savedSearchOf(filters: HomeFilters): SaveSearchDto {
  const price = (value: string) => {
    const n = Number.parseFloat(value);
    return Number.isFinite(n) ? n : undefined;
  };
  const search: SaveSearchDto = {};
  if (filters.search.trim()) search.search = filters.search.trim();
  if (filters.country) search.country = filters.country;
  if (price(filters.minPrice) !== undefined) search.minPrice = price(filters.minPrice);
  if (price(filters.maxPrice) !== undefined) search.maxPrice = price(filters.maxPrice);
  if (filters.categories.length) search.categories = filters.categories;
  if (filters.condition) search.condition = filters.condition;
  return search;
}

/**
 * "Save this search" on Home, shown while words or filters are set: new listings that match it are announced in
 * the bell (and by e-mail as the person's settings say). A guest is asked to sign in first.
 */
export function SaveSearchButton({ filters, compact = false }: { filters: HomeFilters; compact?: boolean }) {
  const { user } = useCurrentUser();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const toast = useToast();
  const [save, { isLoading }] = useSaveSearchMutation();
  const search = savedSearchOf(filters);
  const key = JSON.stringify(search);
  const [savedKey, setSavedKey] = useState<string | null>(null);
  if (!hasSearchCriteria(search)) return null;
  const saved = savedKey === key;

  const run = async () => {
    if (!user) {
      dispatch(openAuthDialog('signIn', { kind: 'goTo', path: `${location.pathname}${location.search}` }));
      return;
    }
    try {
      await save(search).unwrap();
      setSavedKey(key);
      toast({
        title: 'Search saved',
        description: 'We’ll tell you when new listings match it. Your saved searches are in your account menu.',
      });
    } catch (error) {
      toast({ title: 'Could not save this search', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
  };

  const label = saved ? 'Search saved' : 'Save this search';
  const disabled = isLoading || saved || isImpossibleRange(filters.minPrice, filters.maxPrice);
  // A phone's row of filter chips is full: there it is an icon beside Sort by, so the results still come first.
  if (compact)
    return (
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} onClick={() => void run()} disabled={disabled} color="primary">
            {saved ? <BookmarkAddedRounded /> : <BookmarkAddOutlined />}
          </IconButton>
        </span>
      </Tooltip>
    );
  return (
    <Button
      variant={saved ? 'text' : 'outlined'}
      startIcon={saved ? <BookmarkAddedRounded /> : <BookmarkAddOutlined />}
      onClick={() => void run()}
      disabled={disabled}
    >
      {label}
    </Button>
  );
}

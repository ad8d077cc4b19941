import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  hasSearchCriteria,
  MAX_SAVED_SEARCHES,
  RPC,
  SAVED_SEARCH_MESSAGES,
  type RpcRequest,
  type SavedSearchDto,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { toSavedSearchDto } from './saved-search.mapper';
import { SavedSearchesRepository } from './saved-searches.repository';

const trimmed = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** Saving, listing and deleting a person's saved searches; matching them is `ListingMatcher`'s. */
@Injectable()
export class SavedSearchesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly searches: SavedSearchesRepository,
  ) {}

  async create(request: RpcRequest<typeof RPC.alerts.createSavedSearch>): Promise<SavedSearchDto> {
    const search = {
      id: randomUUID(),
      userId: request.actorId,
      search: trimmed(request.search),
      country: trimmed(request.country),
      minPrice: request.minPrice ?? null,
      maxPrice: request.maxPrice ?? null,
      categories: [...new Set(request.categories ?? [])],
      condition: request.condition ?? null,
    };
    // Saving "everything" would alert on every listing: a search names words or a filter.
    if (!hasSearchCriteria(search)) throw new DomainError(ErrorCode.ValidationFailed, SAVED_SEARCH_MESSAGES.empty);
    const row = await this.db.transaction(async (manager) => {
      await this.searches.lockOwner(manager, request.actorId);
      if ((await this.searches.countOf(manager, request.actorId)) >= MAX_SAVED_SEARCHES)
        throw DomainError.conflict(SAVED_SEARCH_MESSAGES.tooMany);
      return this.searches.insert(manager, search);
    });
    return toSavedSearchDto(row);
  }

  /** The list is the person's look: its counts are of matches since the previous one, and start again now. */
  list(request: RpcRequest<typeof RPC.alerts.listSavedSearches>): Promise<SavedSearchDto[]> {
    return this.db.transaction(async (manager) => {
      const rows = await this.searches.listOf(manager, request.actorId);
      await this.searches.markSeen(manager, request.actorId);
      return rows.map(toSavedSearchDto);
    });
  }

  async delete(request: RpcRequest<typeof RPC.alerts.deleteSavedSearch>): Promise<void> {
    if (!(await this.searches.delete(request.actorId, request.savedSearchId)))
      throw DomainError.notFound('Saved search');
  }
}

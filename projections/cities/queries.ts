/** The cities read side's questions: one read per city or state page. */
import type { StateCode } from '../../domain/shared/reference/states';
import type { ReadStore } from '../read-store/port';
import { CITY_COLLECTIONS, type StateRankingDoc } from './views';

export function cityQueries(store: ReadStore) {
  const rankings = () => store.collection<StateRankingDoc>(CITY_COLLECTIONS.states);
  return {
    /** The providers serving a state, ranked; null when no listed provider serves it. */
    stateRanking(state: StateCode): Promise<StateRankingDoc | null> {
      return rankings().findOne({ _id: state });
    },

    /**
     * A page of a state's ranking in its own order (`skip`, `limit`): only those cards are
     * read, with the count of all of them; null when no listed provider serves the state.
     */
    stateRankingPage(
      state: StateCode,
      skip: number,
      limit: number,
    ): Promise<StateRankingDoc | null> {
      return rankings()
        .find({ _id: state }, { projection: { providers: { $slice: [skip, limit] } } })
        .then((found) => found[0] ?? null);
    },

    /** Every state at least one listed provider serves. */
    async servedStates(): Promise<StateCode[]> {
      const docs = await rankings().find({}, { projection: { _id: 1 } });
      return docs.map((doc) => doc._id);
    },
  };
}

export type CityQueries = ReturnType<typeof cityQueries>;

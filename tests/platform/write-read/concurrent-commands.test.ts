/** Racing multi-stream commands (renames, creates) through the bus on SQLite. */
import { SqliteEventStore } from '../../../commands/event-store/sqlite';
import { describeConcurrentCommands } from '../contract/event-store.commands';

describeConcurrentCommands('sqlite', () => new SqliteEventStore(':memory:'));

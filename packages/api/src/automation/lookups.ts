// Names an action's description needs (a staff member's, a canned reply's), read once per run and only
// when an action asks: most events match no rule and read nothing.
import { cannedReplies, eq, inArray, users, type DbExecutor } from "@repo/db";

export class RuleLookups {
  private staff: Map<string, string> | null = null;
  private replies = new Map<string, { title: string; body: string } | null>();

  constructor(private readonly db: DbExecutor) {}

  async userName(id: string | null): Promise<string> {
    if (!id) return "Unassigned";
    this.staff ??= new Map(
      (
        await this.db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.role, ["ADMIN", "AGENT"]))
      ).map((u) => [u.id, u.name]),
    );
    return this.staff.get(id) ?? "someone unknown";
  }

  /** A canned reply by id (any author's: the admin who saved the rule chose it); null once deleted. */
  async cannedReply(id: string): Promise<{ title: string; body: string } | null> {
    if (!this.replies.has(id)) {
      const [row] = await this.db
        .select({ title: cannedReplies.title, body: cannedReplies.body })
        .from(cannedReplies)
        .where(eq(cannedReplies.id, id));
      this.replies.set(id, row ?? null);
    }
    return this.replies.get(id)!;
  }
}

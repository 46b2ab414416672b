package dev.orchestrator.engine;

import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.plan.Plan;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/**
 * What happened to one request: the plan, every attempt in order, the serving route and its usage.
 * Immutable.
 *
 * @param plan the plan, or {@code null} when planning itself failed
 * @param attempts attempts in order
 * @param servingRoute the route that answered, or {@code null} when none did
 * @param usage the serving route's usage (failed attempts are never billed as completions)
 * @param elapsed wall time of the whole request
 * @param costUsd the serving route's cost in USD ({@link
 *     dev.orchestrator.engine.cost.CostCalculator}): {@code 0} on a free route, {@code null} when a
 *     price or the usage is unknown, or when no route served; failed attempts cost nothing
 * @param panic whether the request ran in panic mode: too few of its candidates were healthy, so
 *     short-term health (open breakers, cool-downs) excluded none of them (docs/design.md §5)
 * @param dropped what the serving route did not receive of the request because its protocol cannot
 *     say it ({@link dev.orchestrator.engine.chat.ChatRequest#droppedFor}); empty when nothing was
 *     dropped or no route served
 * @param adapted what of the request's history the serving route received changed or left out so
 *     that its provider family accepts it ({@link
 *     dev.orchestrator.engine.spi.ProviderClient#adapted}: foreign tool-call ids, reasoning,
 *     signatures, message shapes — docs/design.md §13), one {@code messages[i]…: what (why)} entry
 *     per change; empty when nothing was adapted or no route served
 * @param limited the routes not sent to because every key of their provider was out (cooling, or at
 *     a limit until its reset — docs/design.md §5), one {@code route: key 'name' why} entry each;
 *     names only, never a key
 */
public record Trace(
    Plan plan,
    List<AttemptRecord> attempts,
    String servingRoute,
    Usage usage,
    Duration elapsed,
    BigDecimal costUsd,
    boolean panic,
    List<String> dropped,
    List<String> adapted,
    List<String> limited) {
  /** Copies. */
  public Trace {
    limited = limited == null ? List.of() : List.copyOf(limited);
    attempts = List.copyOf(attempts);
    dropped = dropped == null ? List.of() : List.copyOf(dropped);
    adapted = adapted == null ? List.of() : List.copyOf(adapted);
    usage = usage == null ? Usage.NONE : usage;
    elapsed = elapsed == null ? Duration.ZERO : elapsed;
  }

  /** A trace of a request whose history was not adapted. */
  public Trace(
      Plan plan,
      List<AttemptRecord> attempts,
      String servingRoute,
      Usage usage,
      Duration elapsed,
      BigDecimal costUsd,
      boolean panic,
      List<String> dropped) {
    this(
        plan,
        attempts,
        servingRoute,
        usage,
        elapsed,
        costUsd,
        panic,
        dropped,
        List.of(),
        List.of());
  }

  /** A trace whose cost is unknown. */
  public Trace(
      Plan plan, List<AttemptRecord> attempts, String servingRoute, Usage usage, Duration elapsed) {
    this(
        plan, attempts, servingRoute, usage, elapsed, null, false, List.of(), List.of(), List.of());
  }
}

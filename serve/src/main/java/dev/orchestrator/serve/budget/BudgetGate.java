package dev.orchestrator.serve.budget;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.cost.SpendStore;
import dev.orchestrator.engine.cost.SpendTotals;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.http.ApiError;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Admits a request for a client (docs/reference.md §5): a model outside the client's allow-list is
 * {@code 403 model_not_allowed}; a client whose budget is spent keeps its free routes — the request
 * is planned with a maximum price of zero, so only free candidates remain — and is {@code 429
 * budget_exceeded} with {@code Retry-After} to the window's end only when no free candidate is
 * left. Free routes cost zero, so they never count. The check happens as a request starts, on the
 * {@link SpendStore}'s local view: requests already running may together go over the budget by what
 * they cost (and, with a fleet's store, what other replicas spent in the last moments; ADR 0022).
 * Windows are chosen by the server's clock. Thread-safe.
 */
public final class BudgetGate {
  private final SpendStore spend;
  private final Clock clock;

  /** A gate counting spend in {@code spend}, its windows chosen by {@code clock}. */
  public BudgetGate(SpendStore spend, Clock clock) {
    this.spend = spend;
    this.clock = clock;
  }

  /**
   * The request to run for {@code client}: {@code request} itself, or a free-only copy.
   *
   * @throws ApiError 403 or 429 as above
   */
  public ChatRequest admit(ClientToken client, ChatRequest request, TaskOrchestrator orchestrator) {
    allow(client, request);
    if (!client.budgeted()) {
      return request;
    }
    Instant now = clock.instant();
    SpendTotals spent = spend.totals(client.name(), now);
    Instant until = exhaustedUntil(client, spent);
    if (until == null) {
      return request;
    }
    ChatRequest freeOnly = request.toBuilder().maxPricePerMtok(BigDecimal.ZERO).build();
    // A free route only short-term health holds back (a brief cool-down, an open breaker) is one
    // still: the engine waits for it or sends it in panic mode (docs/design.md §5).
    if (!orchestrator.plan(freeOnly).standby().isEmpty()) {
      return freeOnly;
    }
    long seconds = Math.max(1, (Duration.between(now, until).toMillis() + 999) / 1000);
    throw ApiError.of(
            429,
            "insufficient_quota",
            "client '"
                + client.name()
                + "' has spent its budget (today: $"
                + spent.daySpendUsd().toPlainString()
                + limit(" of $", client.budgetUsdPerDay())
                + ", this month: $"
                + spent.monthSpendUsd().toPlainString()
                + limit(" of $", client.budgetUsdPerMonth())
                + "); free routes stay available, but '"
                + UnknownModelException.shown(request.model())
                + "' has none (retry in "
                + seconds
                + " s, when the window ends)",
            null,
            "budget_exceeded")
        .header("Retry-After", Long.toString(seconds));
  }

  /**
   * Checks {@code request}'s models against {@code client}'s allow-list alone, without its budget —
   * for what reads a model without running it, such as counting a request's tokens.
   *
   * @throws ApiError {@code 403 model_not_allowed} for a model outside the allow-list
   */
  public static void allow(ClientToken client, ChatRequest request) {
    allowed(client, request.model(), "model");
    for (int i = 0; i < request.models().size(); i++) {
      allowed(client, request.models().get(i), "models[" + i + "]");
    }
  }

  /**
   * Checks one model name against {@code client}'s allow-list, as a request naming it is checked —
   * for {@code GET /v1/models/{id}}.
   *
   * @throws ApiError {@code 403 model_not_allowed} for a model outside the allow-list
   */
  public static void allow(ClientToken client, String model) {
    allowed(client, model, null);
  }

  /** Counts what an answer cost against {@code client}'s budget. */
  public void spent(ClientToken client, BigDecimal costUsd) {
    if (client.budgeted()) {
      spend.add(client.name(), clock.instant(), costUsd);
    }
  }

  /**
   * When {@code client} may spend again, or {@code null} while it is within its budget: the end of
   * the UTC month when the monthly budget is spent, else the end of the day when the daily one is.
   */
  public static Instant exhaustedUntil(ClientToken client, SpendTotals spent) {
    BigDecimal perMonth = client.budgetUsdPerMonth();
    if (perMonth != null && spent.monthSpendUsd().compareTo(perMonth) >= 0) {
      return spent.monthEnd();
    }
    BigDecimal perDay = client.budgetUsdPerDay();
    if (perDay != null && spent.daySpendUsd().compareTo(perDay) >= 0) {
      return spent.dayEnd();
    }
    return null;
  }

  private static String limit(String prefix, BigDecimal v) {
    return v == null ? "" : prefix + v.toPlainString();
  }

  private static void allowed(ClientToken client, String model, String param) {
    if (model != null && !client.allows(model)) {
      throw ApiError.of(
          403,
          "permission_error",
          "client '"
              + client.name()
              + "' may not use model '"
              + UnknownModelException.shown(model)
              + "' (expected one of: "
              + String.join(", ", client.models())
              + ")",
          param,
          "model_not_allowed");
    }
  }
}

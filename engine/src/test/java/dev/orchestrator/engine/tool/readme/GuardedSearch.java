package dev.orchestrator.engine.tool.readme;

import dev.orchestrator.engine.tool.ToolExecutionStoppedException;
import dev.orchestrator.engine.tool.ToolGuard;
import dev.orchestrator.engine.tool.ToolOutcome;
import dev.orchestrator.engine.tool.ToolSpec;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;

public class GuardedSearch {
  public static String search(
      Callable<String> searchTool,
      UnaryOperator<String> otherAgent,
      String query,
      List<String> audit) {
    ToolGuard guard =
        ToolGuard.builder()
            .maxRetries(2) // idempotent timeouts: at most 2 more tries on this agent
            .backoff(Duration.ofMillis(100), Duration.ofSeconds(2))
            .onDecision(event -> audit.add(event.reasonCode())) // never holds raw text
            .build();
    try {
      ToolOutcome<String> outcome = guard.run(ToolSpec.idempotent("search"), searchTool);
      if (outcome instanceof ToolOutcome.Succeeded<String> ok) {
        return ok.value();
      }
      return otherAgent.apply(query); // FailOver: an agent that also has "search"
    } catch (ToolExecutionStoppedException stop) {
      // Fail closed: no replay, no other agent. `serve` answers 409 tool_execution_stopped.
      throw stop;
    }
  }
}

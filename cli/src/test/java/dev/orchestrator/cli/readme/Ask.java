package dev.orchestrator.cli.readme;

import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import java.time.Duration;

public class Ask {
  public static void ask(Catalog catalog, Credentials credentials) {
    TaskOrchestrator orchestrator =
        TaskOrchestrator.builder()
            .catalog(catalog)
            .providers(HttpProviderClients.builder().credentials(credentials).build())
            .credentials(credentials)
            .policy(
                OrchestratorPolicy.builder()
                    .sameRouteRetries(1)
                    .deadline(Duration.ofSeconds(60))
                    .build())
            .build();

    ChatRequest request =
        ChatRequest.builder("orchestrator/free").system("Be brief.").user("Name a prime.").build();
    try {
      ChatResult result = orchestrator.chat(request);
      System.out.println(result.route() + ": " + result.response().content());
      result
          .trace()
          .attempts()
          .forEach(a -> System.out.println(a.route() + " " + a.decision().wireName()));
    } catch (OrchestratorException e) {
      // One exception with a closed set of types: switch on it, never parse the message.
      switch (e.type()) {
        case RATE_LIMITED -> System.out.println("retry in " + e.retryAfter());
        case REQUEST_REJECTED ->
            System.out.println("upstream " + e.status() + ": " + e.getMessage());
        // no_candidates names the variables to set, e.g. "set OPENROUTER_API_KEY (12 routes)"
        default -> System.out.println(e.type().wireName() + ": " + e.getMessage());
      }
    }
  }

  public static void main(String[] args) {
    ask(CatalogLoader.loadDefault(), Credentials.fromEnvironment());
  }
}

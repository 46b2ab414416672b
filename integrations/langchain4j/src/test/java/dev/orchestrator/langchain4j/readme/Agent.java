package dev.orchestrator.langchain4j.readme;

import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.exception.LangChain4jException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.langchain4j.OrchestratorChatModel;
import dev.orchestrator.langchain4j.OrchestratorErrors;
import dev.orchestrator.providers.HttpProviderClients;

/** An AiServices agent with one tool on orchestrator/free (the module README's example). */
public class Agent {
  interface Assistant {
    String chat(String message);
  }

  static class Calculator {
    @Tool("Adds two integers")
    int add(int a, int b) {
      return a + b;
    }
  }

  /** Asks the agent on {@code model}: its answer, or the orchestrator's error type and message. */
  public static String ask(TaskOrchestrator orchestrator, String model) {
    ChatModel chatModel =
        OrchestratorChatModel.builder().orchestrator(orchestrator).modelName(model).build();
    Assistant assistant =
        AiServices.builder(Assistant.class).chatModel(chatModel).tools(new Calculator()).build();
    try {
      return assistant.chat("What is 2 + 3?");
    } catch (LangChain4jException e) {
      // LangChain4j's own exception (RateLimitException, ModelNotFoundException, ...); its cause
      // is always the orchestrator's error, with a closed set of types and the trace.
      OrchestratorException cause = OrchestratorErrors.orchestratorException(e).orElseThrow();
      return cause.type().wireName() + ": " + cause.getMessage();
    }
  }

  /** The embedded catalog, keys from the environment (e.g. OPENROUTER_API_KEY). */
  public static void main(String[] args) {
    Credentials credentials = Credentials.fromEnvironment();
    TaskOrchestrator orchestrator =
        TaskOrchestrator.builder()
            .catalog(CatalogLoader.loadDefault())
            .providers(HttpProviderClients.builder().credentials(credentials).build())
            .credentials(credentials)
            .build();
    System.out.println(ask(orchestrator, "orchestrator/free"));
  }
}

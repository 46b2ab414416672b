package dev.orchestrator.springai.readme;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A ChatClient agent with one tool; the auto-configuration puts the orchestrator behind
 * ChatClient.Builder (the module README's example).
 */
@SpringBootApplication
public class AgentApplication {
  static class Calculator {
    @Tool(description = "Adds two integers")
    int add(int a, int b) {
      return a + b;
    }
  }

  /** Asks the agent; ChatClient runs the tool and calls the model again with its result. */
  public static String ask(ChatClient.Builder chatClient) {
    return chatClient
        .build()
        .prompt()
        .user("What is 2 + 3?")
        .tools(new Calculator())
        .call()
        .content();
  }

  /** Runs the agent once at start-up. */
  @Bean
  CommandLineRunner agent(ChatClient.Builder chatClient) {
    return args -> System.out.println(ask(chatClient));
  }

  /** Starts the application (orchestrator.* in application.properties). */
  public static void main(String[] args) {
    SpringApplication.run(AgentApplication.class, args);
  }
}

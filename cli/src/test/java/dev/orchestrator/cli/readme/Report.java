package dev.orchestrator.cli.readme;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import java.util.Base64;

public class Report {
  public static ChatResult report(TaskOrchestrator orchestrator, byte[] screenshotPng) {
    ChatRequest request =
        ChatRequest.builder("orchestrator/free")
            .user(
                ContentPart.text("What is wrong on this screen? File it with the tool."),
                ContentPart.imageBase64(
                    "image/png", Base64.getEncoder().encodeToString(screenshotPng)))
            .tool(
                new ToolDefinition(
                    "file_bug",
                    "Files a bug report",
                    "{\"type\":\"object\",\"properties\":{\"title\":{\"type\":\"string\"}}}"))
            .toolChoice(ToolChoice.function("file_bug")) // or AUTO, REQUIRED, NONE
            .parallelToolCalls(false)
            .temperature(0.2)
            .build();
    // The image implies vision, the tool choice tools: routes without them are left out.
    ChatResult result = orchestrator.chat(request);
    for (ToolCall call : result.response().toolCalls()) {
      System.out.println(call.id() + " " + call.name() + " " + call.argumentsJson());
    }
    return result;
  }
}

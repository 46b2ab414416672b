package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CodeSpellingsTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # a code of the vocabulary in camelCase or PascalCase is written as the vocabulary does
          contextLengthExceeded                 | context_length_exceeded
          ContextLengthExceeded                 | context_length_exceeded
          'finishReason: contentFilter'         | 'finishReason: content_filter'
          'error modelNotFound (gpt-5)'         | 'error model_not_found (gpt-5)'
          # an exception's class, which the class rows read as written, stays
          RateLimitError                        | RateLimitError
          PermissionDeniedException             | PermissionDeniedException
          # an identifier that is no code of the vocabulary stays: a JSON key, a parameter
          safetyRatings                         | safetyRatings
          thoughtSignature                      | thoughtSignature
          # only a whole identifier: not inside a hyphenated name or a snake_case one
          x-contentFilter                       | x-contentFilter
          content_filter                        | content_filter
          """)
  void writesAKnownCodeAsTheVocabularySpellsIt(String printed, String read) {
    assertThat(CodeSpellings.snaked(printed)).isEqualTo(read);
  }

  @Test
  void returnsATextWithoutAnIdentifierUnchanged() {
    String text = "the model is overloaded, please retry";
    assertThat(CodeSpellings.snaked(text)).isSameAs(text);
  }
}

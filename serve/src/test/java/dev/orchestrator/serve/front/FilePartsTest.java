package dev.orchestrator.serve.front;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A chat completions {@code file} part read where Jackson parsed it: its JSON text as written, and
 * the PDF and its name, or the first field that keeps the part from being one.
 */
class FilePartsTest {
  /** "%PDF-1.4\n%äüöß\n" in base64. */
  private static final String PDF = "JVBERi0xLjQKJcOkw7zDtsOfCg==";

  private static JsonNode tree(String json) {
    try {
      return Json.MAPPER.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ContentPart.File read(String json) {
    return FileParts.read(tree(json));
  }

  @Test
  void anInlinePdfIsItsDataAndItsNameBesideTheJsonAsWritten() {
    String json =
        "{\"type\":\"file\",\"file\":{\"filename\":\"report.pdf\","
            + "\"file_data\":\"data:application/pdf;base64,"
            + PDF
            + "\"}}";

    ContentPart.File p = read(json);

    assertThat(p.json()).isEqualTo(json);
    assertThat(p.pdf()).isEqualTo(new PdfPart.Inline("report.pdf", PDF));
  }

  @Test
  void aPdfWithoutANameOrWithABlankOrNullOneHasNoName() {
    assertThat(
            read("{\"type\":\"file\",\"file\":{\"file_data\":\"data:application/pdf;base64,"
                    + PDF
                    + "\"}}")
                .pdf())
        .isEqualTo(new PdfPart.Inline(null, PDF));
    assertThat(
            read("{\"file\":{\"file_data\":\"DATA:Application/PDF;BASE64,"
                    + PDF
                    + "\",\"filename\":\" \"},\"type\":\"file\"}")
                .pdf())
        .isEqualTo(new PdfPart.Inline(null, PDF));
    assertThat(
            read("{\"type\":\"file\",\"file\":{\"filename\":null,"
                    + "\"file_data\":\"data:application/pdf;base64,"
                    + PDF
                    + "\"}}")
                .pdf())
        .isEqualTo(new PdfPart.Inline(null, PDF));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          file_id only    | {"type":"file","file":{"file_id":"file-abc"}}                                                   | file.file_id   | an uploaded file's id, readable only where it was stored
          file_id beside  | {"type":"file","file":{"file_id":"file-abc","file_data":"data:application/pdf;base64,JVBE"}}   | file.file_id   | an uploaded file's id, readable only where it was stored
          not a PDF       | {"type":"file","file":{"file_data":"data:text/plain;base64,aGk="}}                              | file.file_data | text/plain, not application/pdf
          no media type   | {"type":"file","file":{"file_data":"data:;base64,aGk="}}                                        | file.file_data | no media type, not application/pdf
          not base64 URL  | {"type":"file","file":{"file_data":"data:application/pdf,%25PDF"}}                              | file.file_data | a data: URL without base64 data
          not a data URL  | {"type":"file","file":{"file_data":"https://example.com/a.pdf"}}                                | file.file_data | not a data: URL
          no data         | {"type":"file","file":{"file_data":"data:application/pdf;base64,"}}                             | file.file_data | no data
          bad data        | {"type":"file","file":{"file_data":"data:application/pdf;base64,%%%"}}                          | file.file_data | data that is not base64
          data a number   | {"type":"file","file":{"file_data":7}}                                                          | file.file_data | not a string
          data null       | {"type":"file","file":{"file_data":null}}                                                       | file.file_data | missing
          data missing    | {"type":"file","file":{"filename":"a.pdf"}}                                                     | file.file_data | missing
          name a number   | {"type":"file","file":{"filename":7,"file_data":"data:application/pdf;base64,JVBE"}}            | file.filename  | not a string
          file missing    | {"type":"file"}                                                                                 | file           | missing
          file a string   | {"type":"file","file":"a.pdf"}                                                                  | file           | not an object
          cache control   | {"type":"file","file":{"file_data":"data:application/pdf;base64,JVBE"},"cache_control":{}}     | cache_control  | a field no other protocol's PDF has
          unknown in file | {"type":"file","file":{"file_data":"data:application/pdf;base64,JVBE","format":"pdf"}}        | file.format    | a field no other protocol's PDF has
          """)
  void anythingElseNamesTheFieldAtFaultAndKeepsTheJson(
      String name, String json, String field, String problem) {
    ContentPart.File p = read(json);

    assertThat(p.pdf()).as(name).isEqualTo(new PdfPart.Unusable(field, problem));
    assertThat(p.json()).as(name).isEqualTo(tree(json).toString());
  }

  @Test
  void onlyAFilePartObjectIsRead() {
    assertThatThrownBy(() -> read("{\"type\":\"input_file\",\"file\":{}}"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> read("[]")).isInstanceOf(IllegalArgumentException.class);
  }
}

/// @file JsonWriterTest.cpp
/// The reports' one JSON writer (files::JsonWriter): its layout, strings kept valid UTF-8 and
/// escaped, numbers that read back as the same double, and misuse refused rather than written.
#include "files/JsonWriter.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>

using sapfor::files::JsonWriter;
using sapfor::files::jsonNumber;
using sapfor::files::jsonString;
using Layout = JsonWriter::Layout;

TEST_CASE("the JSON writer lays out blocks a member per line and inline containers on one") {
  std::ostringstream out;
  JsonWriter json(out);
  json.object(Layout::Inline)  // the outermost is a block whatever is asked
      .member("n", 3)
      .member("name", "a b")
      .member("ok", true)
      .member("none", std::optional<double>())
      .member("some", std::optional<int64_t>(7));
  json.key("inline").object().member("x", 1).key("list").array().value(1).value(2).end().end();
  json.key("rows").array(Layout::Block);
  json.object().member("k", "v").key("inner").array(Layout::Block).value("deep").end().end();
  json.array().end();
  json.end();
  json.key("empty").array(Layout::Block).end();
  json.member("names", std::vector<std::string>{"p", "q"});
  json.end();
  CHECK(out.str() ==
        "{\n"
        "  \"n\": 3,\n"
        "  \"name\": \"a b\",\n"
        "  \"ok\": true,\n"
        "  \"none\": null,\n"
        "  \"some\": 7,\n"
        "  \"inline\": {\"x\": 1, \"list\": [1, 2]},\n"
        "  \"rows\": [\n"
        "    {\"k\": \"v\", \"inner\": [\n"
        "        \"deep\"\n"
        "      ]},\n"
        "    []\n"
        "  ],\n"
        "  \"empty\": [],\n"
        "  \"names\": [\"p\", \"q\"]\n"
        "}\n");
}

TEST_CASE("JSON strings are escaped and always valid UTF-8") {
  CHECK(jsonString("plain") == "\"plain\"");
  CHECK(jsonString("a\"b\\c") == "\"a\\\"b\\\\c\"");
  CHECK(jsonString("l1\nl2\tx\r") == "\"l1\\nl2\\tx\\r\"");
  CHECK(jsonString(std::string("nul\0bel\x07 del\x7f", 13)) == "\"nul\\u0000bel\\u0007 del\\u007f\"");
  // Well-formed UTF-8 stays as it is: 2, 3 and 4 bytes (é, §, U+1F600).
  CHECK(jsonString("\xC3\xA9 \xC2\xA7 \xF0\x9F\x98\x80") == "\"\xC3\xA9 \xC2\xA7 \xF0\x9F\x98\x80\"");
  // A Latin-1 byte, a lone continuation byte, a truncated sequence, an overlong form and a UTF-16
  // surrogate each become U+FFFD, a byte at a time; what follows is kept.
  CHECK(jsonString("caf\xE9!") == "\"caf\\ufffd!\"");
  CHECK(jsonString("\x80x") == "\"\\ufffdx\"");
  CHECK(jsonString("\xE2\x82") == "\"\\ufffd\\ufffd\"");
  CHECK(jsonString("\xC0\xAF") == "\"\\ufffd\\ufffd\"");
  CHECK(jsonString("\xED\xA0\x80") == "\"\\ufffd\\ufffd\\ufffd\"");
  CHECK(jsonString("\xF4\x90\x80\x80") == "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
}

TEST_CASE("JSON numbers are the shortest text that reads back as the same double") {
  CHECK(jsonNumber(100) == "100");
  CHECK(jsonNumber(0.1) == "0.1");
  CHECK(jsonNumber(0.0004961249999999999) == "0.0004961249999999999");
  CHECK(std::stod(jsonNumber(1.0 / 3)) == 1.0 / 3);
  CHECK(jsonNumber(1e300) == "1e+300");
  CHECK(jsonNumber(-0.0) == "0");
  // JSON has no infinity or NaN.
  CHECK(jsonNumber(std::numeric_limits<double>::infinity()) == "null");
  CHECK(jsonNumber(std::nan("")) == "null");
}

TEST_CASE("the JSON writer refuses what would not be JSON") {
  std::ostringstream out;
  JsonWriter json(out);
  CHECK_THROWS_AS(json.value(1), std::logic_error);  // a value outside any container
  CHECK_THROWS_AS(json.end(), std::logic_error);
  json.object(Layout::Block);
  CHECK_THROWS_AS(json.value(1), std::logic_error);  // a member without a key
  CHECK_THROWS_AS(json.array(), std::logic_error);
  json.key("a");
  CHECK_THROWS_AS(json.key("b"), std::logic_error);  // a key after a key
  json.array();
  CHECK_THROWS_AS(json.key("c"), std::logic_error);  // a key in an array
}

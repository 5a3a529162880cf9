// No native extractor: msgpackr checks `if (extractor)` and keeps its pure-JavaScript decoder.
module.exports = null;

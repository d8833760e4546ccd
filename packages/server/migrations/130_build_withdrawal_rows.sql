-- Issue 33, TQ0102 建造翻建大修自住住房提取: the reference treats building, rebuilding and major repair as buying
-- (business-rules.md › "Buying and building a home"; 建金管〔2005〕5号 "购建和大修住房一年内…"), so TQ0102 reads the
-- purchase rows rather than rows of its own (docs/parameters.md). purchaseWindowMonths already said so; the months
-- row's title now says it too. A title only: no value, bound or key changes.
update centre_parameter set title = '购房、建造提取：须连续缴存的月数' where key = 'purchaseMinMonths';

-- The LANGUAGE_LIST flag (contract/merchant.ts featureFlag), off for every existing merchant: its switch keeps EN/TY
-- and it offers its TY language alone (settings.languages absent) until an operator lists more.
UPDATE "merchants" SET "settings" = jsonb_set("settings", '{features}', '{"LANGUAGE_LIST": false}'::jsonb || ("settings"->'features'));

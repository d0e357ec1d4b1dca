-- A user's own team (organization_users.team_id) has it as a member (team_users), as joinTeams keeps it from now
-- on: the demo seed and older writes set the own team alone, and a team of three showed "MEMBERS 0 / USERS 3" over
-- a users tab saying it had no members (issue 35 §4).
INSERT INTO "team_users" ("organization_id", "team_id", "user_id")
SELECT "organization_id", "team_id", "user_id" FROM "organization_users" WHERE "team_id" IS NOT NULL
ON CONFLICT ("organization_id", "team_id", "user_id") DO NOTHING;

-- Rules are one per kind and parameters in a workspace (0016); per creator, a member could not keep the same rule in two workspaces.
DROP INDEX "alert_rules_user_kind_parameters_key";
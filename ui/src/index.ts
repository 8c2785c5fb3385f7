// Components are added per file (ui/src/<name>.tsx) and re-exported here.
export {};

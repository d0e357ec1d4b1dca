/** What a list's file input offers: the CSV and Excel files a list reads (the server checks the content). */
export const LIST_FILE_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
